// Reads what video processing needs from an ISO base media file (mp4, mov): the movie duration from the
// `mvhd` box (ISO/IEC 14496-12 8.2.2: version 0 has 32-bit times, version 1 64-bit; duration / timescale
// seconds) and whether a track's handler (`mdia/hdlr`, handler_type) is `vide`. Box sizes are checked against
// their parent, so truncated or corrupt files are refused rather than misread.

export class NotAVideo extends Error {}

interface Box {
  type: string;
  /** Start and end of the box's payload (after its header). */
  start: number;
  end: number;
}

function boxes(data: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let at = start;
  while (at < end) {
    if (end - at < 8) throw new NotAVideo(`truncated box header at byte ${at}`);
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (end - at < 16) throw new NotAVideo(`truncated 64-bit box size at byte ${at}`);
      const large = data.readBigUInt64BE(at + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new NotAVideo(`box ${type} too large`);
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) throw new NotAVideo(`box ${JSON.stringify(type)} at byte ${at} runs past its container`);
    if (!/^[\x20-\x7e]{4}$/.test(type)) throw new NotAVideo(`invalid box type at byte ${at}`);
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

function child(data: Buffer, parent: Box, type: string): Box | undefined {
  return boxes(data, parent.start, parent.end).find((b) => b.type === type);
}

export interface Mp4Info {
  /** Movie duration in seconds. */
  durationSeconds: number;
  /** Exact duration as the fraction of the mvhd box. */
  duration: bigint;
  timescale: number;
  hasVideoTrack: boolean;
}

export function readMp4(data: Buffer): Mp4Info {
  const top = boxes(data, 0, data.length);
  if (top[0]?.type !== 'ftyp') throw new NotAVideo('not an ISO media file: no ftyp box first');
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new NotAVideo('no moov box');
  const mvhd = child(data, moov, 'mvhd');
  if (!mvhd) throw new NotAVideo('no mvhd box');
  const version = data.readUInt8(mvhd.start);
  const need = version === 1 ? 32 : 20;
  if (mvhd.end - mvhd.start < need) throw new NotAVideo('truncated mvhd box');
  const timescale = version === 1 ? data.readUInt32BE(mvhd.start + 20) : data.readUInt32BE(mvhd.start + 12);
  const duration = version === 1 ? data.readBigUInt64BE(mvhd.start + 24) : BigInt(data.readUInt32BE(mvhd.start + 16));
  if (timescale === 0) throw new NotAVideo('mvhd timescale is 0');
  const hasVideoTrack = boxes(data, moov.start, moov.end).filter((b) => b.type === 'trak').some((trak) => {
    const mdia = child(data, trak, 'mdia');
    const hdlr = mdia && child(data, mdia, 'hdlr');
    return hdlr !== undefined && hdlr.end - hdlr.start >= 12 && data.toString('latin1', hdlr.start + 8, hdlr.start + 12) === 'vide';
  });
  return { durationSeconds: Number(duration) / timescale, duration, timescale, hasVideoTrack };
}

/** A protobuf Duration string: whole seconds, up to nine fractional digits, ending in s ("2.5s", "3s"). */
export function durationString(duration: bigint, timescale: number): string {
  const scale = BigInt(timescale);
  const seconds = duration / scale;
  const nanos = ((duration % scale) * 1_000_000_000n) / scale;
  if (nanos === 0n) return `${seconds}s`;
  return `${seconds}.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}s`;
}
