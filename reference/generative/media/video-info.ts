// What a container reader answers about a video (its duration as an exact fraction of seconds and whether it
// holds a video track), the error for bytes no reader can play, and the wire form of a duration.

/** The bytes are not a playable video of the container they claim (unreadable, truncated, no duration). */
export class NotPlayable extends Error {}

export interface VideoInfo {
  /** Duration in seconds as numerator / denominator (a container's units over its timescale). */
  duration: { units: bigint; perSecond: bigint };
  hasVideoTrack: boolean;
}

/** A protobuf Duration string: whole seconds, up to nine fractional digits, ending in s ("2.5s", "3s"). */
export function durationString(duration: VideoInfo['duration']): string {
  const { units, perSecond } = duration;
  const seconds = units / perSecond;
  const nanos = ((units % perSecond) * 1_000_000_000n) / perSecond;
  if (nanos === 0n) return `${seconds}s`;
  return `${seconds}.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}s`;
}

/** A duration in (floating-point) seconds, rounded to whole nanoseconds. */
export function fromSeconds(seconds: number): VideoInfo['duration'] {
  return { units: BigInt(Math.round(seconds * 1e9)), perSecond: 1_000_000_000n };
}
