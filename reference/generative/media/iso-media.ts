// ISO base media files (mp4, mov, 3gp, m4v) read through mp4box: the file is fed to it in chunks from disk,
// starting where it asks for the next bytes (so an mdat before the moov is skipped, not read), until the
// movie is described (onReady) and, for a fragmented movie, to the end. Duration: the movie header's
// (duration / timescale), or the fragment duration of a fragmented movie without one. A file whose video
// samples lie past its end (a truncated file) or that never yields a movie is not playable.
import fsp from 'node:fs/promises';
import { createFile, Log, MP4BoxBuffer, type Movie } from 'mp4box';
import { NotPlayable, type VideoInfo } from './video-info.js';

// mp4box writes a malformed box's error to the console unless it knows the file (its Log has no level above
// "error"): route every error to the file's onError when it names one, and drop the rest. The reader below
// still finds such a file unplayable (no movie, samples past the end, or a parse exception); the service
// reports it as FAILED, not as a line on the process's stderr.
const logError = Log.error.bind(Log);
Log.error = (module: string, message?: string, isofile?: Parameters<typeof Log.error>[2]) => {
  if (isofile?.onError) logError(module, message, isofile);
};

const CHUNK_BYTES = 256 * 1024;

export async function readIsoMedia(filePath: string): Promise<VideoInfo> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const file = createFile();
    let movie: Movie | undefined;
    let failure: string | undefined;
    file.onReady = (info) => {
      movie = info;
    };
    file.onError = (module, message) => {
      failure ??= `${module}: ${message}`;
    };
    let position = 0;
    while (position < size && failure === undefined && !(movie && !movie.isFragmented)) {
      const chunk = new ArrayBuffer(Math.min(CHUNK_BYTES, size - position));
      const { bytesRead } = await handle.read(new Uint8Array(chunk), 0, chunk.byteLength, position);
      if (bytesRead === 0) break;
      const buffer = MP4BoxBuffer.fromArrayBuffer(
        bytesRead === chunk.byteLength ? chunk : chunk.slice(0, bytesRead),
        position,
      );
      const next = parsing(() => file.appendBuffer(buffer, position + bytesRead >= size));
      // mp4box answers the next position it needs; past this chunk means it skips a box it does not need.
      position = Math.max(next ?? 0, position + bytesRead);
    }
    parsing(() => file.flush());
    if (failure !== undefined) throw new NotPlayable(`unreadable ISO media (${failure})`);
    if (!movie) throw new NotPlayable('no movie box (moov) in the file');
    let videoSamples = 0;
    for (const track of movie.videoTracks) {
      // After the whole read, a fragmented movie's samples include those of its fragments.
      const samples = file.getTrackSamplesInfo(track.id) ?? [];
      if (samples.some((s) => s.offset + s.size > size))
        throw new NotPlayable(`the samples of track ${track.id} run past the end of the file (truncated)`);
      videoSamples += samples.length;
    }
    const units = movie.duration > 0 ? movie.duration : (movie.fragment_duration?.num ?? 0);
    const perSecond = movie.duration > 0 ? movie.timescale : (movie.fragment_duration?.den ?? 0);
    if (!(units > 0) || !(perSecond > 0)) throw new NotPlayable('the movie has no duration');
    return {
      duration: { units: BigInt(Math.round(units)), perSecond: BigInt(Math.round(perSecond)) },
      hasVideoTrack: videoSamples > 0,
    };
  } finally {
    await handle.close();
  }
}

/** Runs a step of mp4box: what it throws on malformed boxes (its own errors or a TypeError) means unreadable bytes. */
function parsing<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw new NotPlayable(`unreadable ISO media: ${(error as Error).message}`);
  }
}
