// Ad creative: the mutants of the ADC-IMAGE-* rules (./image.rules.ts), each to be caught under its own rule.
import { mapResult } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { editCreates, seam, store, wire } from './mutant-context.js';

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-IMAGE-1',
    'url-with-hash-dropped',
    'image_url beside image_hash is dropped instead of refused',
    editCreates((params) => {
      if (params.image_hash !== undefined) delete params.image_url;
    }),
  ),
  seam(
    'ADC-IMAGE-2',
    'size-unchecked',
    'the image size of an existing post is not checked',
    store({ post: (inner, id) => mapResult(inner(id), (post) => post && { ...post, imageBytes: 0 }) }),
  ),
  seam(
    'ADC-IMAGE-2',
    'limit-80mb',
    'the post image limit is 80 MB instead of 8 MB (sizes are read in tens of bytes)',
    store({
      post: (inner, id) =>
        mapResult(inner(id), (post) => post && { ...post, imageBytes: Math.floor(post.imageBytes / 10) }),
    }),
  ),
  seam(
    'ADC-IMAGE-2',
    'limit-exclusive',
    'a post image of exactly 8 MB is refused (the limit read as "under 8 MB")',
    store({
      post: (inner, id) => mapResult(inner(id), (post) => post && { ...post, imageBytes: post.imageBytes + 1 }),
    }),
  ),
  seam(
    'ADC-IMAGE-2',
    'limit-one-byte-late',
    'a post image one byte over 8 MB is accepted',
    store({
      post: (inner, id) =>
        mapResult(inner(id), (post) => post && { ...post, imageBytes: Math.max(0, post.imageBytes - 1) }),
    }),
  ),
];
