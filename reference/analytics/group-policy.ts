// What a group may hold and who may create which groups. One object, so the service takes it as a part
// (one of the service's seams, seams.ts) rather than spreading the rules over the handlers.
import type { Owner } from './store.js';

export interface GroupPolicy {
  /** Whether an owner of this kind may create groups of `itemType`. */
  mayCreate(owner: Owner['kind'], itemType: string): boolean;
  /** Whether a group of `itemType` may hold a resource of `resourceKind` (both platform kinds). */
  mayHold(itemType: string, resourceKind: string): boolean;
}

/** Channel owners group videos and playlists; content owners any kind; a group holds its own kind only. */
const CHANNEL_OWNER_KINDS = ['platform#video', 'platform#playlist'];

export const GROUP_POLICY: GroupPolicy = {
  mayCreate: (owner, itemType) => owner !== 'channel' || CHANNEL_OWNER_KINDS.includes(itemType),
  mayHold: (itemType, resourceKind) => itemType === resourceKind,
};
