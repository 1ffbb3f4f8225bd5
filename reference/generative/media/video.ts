// Video processing: what turns a PROCESSING video into ACTIVE (with its duration) or FAILED (with error).
// The container is chosen by the declared MIME type: ISO media through mp4box (iso-media.ts), WebM and
// Matroska through music-metadata (matroska.ts); both read the stored file from disk in pieces. A video is
// ACTIVE only with a video track and a positive duration; unreadable or truncated bytes, a file without a
// video track and other containers (avi, mpeg, flv, wmv) end FAILED.
import type { components } from '../../../generated/generative/types.js';
import { readIsoMedia } from './iso-media.js';
import { readMatroska } from './matroska.js';
import { durationString, NotPlayable, type VideoInfo } from './video-info.js';

type Status = components['schemas']['Status'];

const ISO_MEDIA = new Set(['video/mp4', 'video/quicktime', 'video/mov', 'video/3gpp', 'video/x-m4v']);
const MATROSKA = new Set(['video/webm', 'video/x-matroska', 'video/matroska']);

export type ProcessingResult = { ok: true; videoDuration: string } | { ok: false; error: Status };

/** RPC code 3 (INVALID_ARGUMENT) in File.error: the standard code enumeration, as the document says. */
const FAILED_CODE = 3;

export function isVideo(mimeType: string): boolean {
  return mimeType.startsWith('video/');
}

function failed(message: string): ProcessingResult {
  return { ok: false, error: { code: FAILED_CODE, message: `Video processing failed: ${message}.` } };
}

/** Processes the stored file at `filePath`, declared as `mimeType`. */
export async function processVideo(mimeType: string, filePath: string): Promise<ProcessingResult> {
  let info: VideoInfo;
  try {
    if (ISO_MEDIA.has(mimeType)) info = await readIsoMedia(filePath);
    else if (MATROSKA.has(mimeType)) info = await readMatroska(filePath, mimeType);
    else return failed(`the ${mimeType} container is not supported`);
  } catch (error) {
    if (error instanceof NotPlayable) return failed(`the file is not a playable video (${error.message})`);
    throw error;
  }
  if (!info.hasVideoTrack) return failed('the file has no video track');
  return { ok: true, videoDuration: durationString(info.duration) };
}
