// WebM and Matroska files read through music-metadata: the duration of the segment (Info/Duration times its
// timecode scale) and the track types. The file is given as a stream without its size, so the parser follows
// the sizes the elements declare and an element running past the end of the bytes (a truncated file) is an
// error, where a size hint would clamp it silently.
import fs from 'node:fs';
import { parseStream } from 'music-metadata';
import { fromSeconds, NotPlayable, type VideoInfo } from './video-info.js';

/** Matroska TrackType of a video track (Matroska specification, TrackType element). */
const VIDEO_TRACK = 1;

export async function readMatroska(filePath: string, mimeType: string): Promise<VideoInfo> {
  const stream = fs.createReadStream(filePath);
  try {
    const { format } = await parseStream(stream, { mimeType }, { skipCovers: true, skipPostHeaders: true });
    if (!format.container?.startsWith('EBML/'))
      throw new NotPlayable(`not a WebM or Matroska file (${format.container ?? 'unknown container'})`);
    const seconds = format.duration;
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0)
      throw new NotPlayable('the segment has no duration');
    return {
      duration: fromSeconds(seconds),
      hasVideoTrack: (format.trackInfo ?? []).some((t) => Number(t.type) === VIDEO_TRACK),
    };
  } catch (error) {
    // A system error (the stored blob unreadable) is the service's fault, not the file's.
    if (error instanceof NotPlayable || (error as NodeJS.ErrnoException).code !== undefined) throw error;
    throw new NotPlayable(`unreadable ${mimeType}: ${(error as Error).message}`);
  } finally {
    stream.destroy();
  }
}
