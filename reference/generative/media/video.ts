// Video processing: what turns a PROCESSING video into ACTIVE (with its duration) or FAILED (with error).
// ISO media (video/mp4, video/quicktime, video/3gpp) is read by mp4.ts; a file that cannot be read, or has no
// video track, fails. Other video containers (webm, avi, ...) fail as unsupported by this reference.
import type { components } from '../../../generated/generative/types.js';
import { durationString, NotAVideo, readMp4 } from './mp4.js';

type Status = components['schemas']['Status'];

const ISO_MEDIA = new Set(['video/mp4', 'video/quicktime', 'video/3gpp', 'video/x-m4v']);

export type ProcessingResult = { ok: true; videoDuration: string } | { ok: false; error: Status };

/** RPC code 3 (INVALID_ARGUMENT) in File.error: the standard code enumeration, as the document says. */
const FAILED_CODE = 3;

export function isVideo(mimeType: string): boolean {
  return mimeType.startsWith('video/');
}

export function processVideo(mimeType: string, bytes: Buffer): ProcessingResult {
  if (!ISO_MEDIA.has(mimeType)) {
    return { ok: false, error: { code: FAILED_CODE, message: `Video processing failed: the ${mimeType} container is not supported.` } };
  }
  try {
    const info = readMp4(bytes);
    if (!info.hasVideoTrack) return { ok: false, error: { code: FAILED_CODE, message: 'Video processing failed: the file has no video track.' } };
    return { ok: true, videoDuration: durationString(info.duration, info.timescale) };
  } catch (error) {
    if (error instanceof NotAVideo || error instanceof RangeError) {
      return { ok: false, error: { code: FAILED_CODE, message: `Video processing failed: the file is not a playable video (${error.message}).` } };
    }
    throw error;
  }
}
