// The platform-product dimension: which of the platform's products (the main site and apps, the gaming app,
// the kids app) the views came from. Its public wire name carries the operator's brand; the public clients
// need it, so the name string below is the only place it appears (prose and identifiers say "platform product").

/** The dimension's wire name, as the public report tables and clients spell it. */
export const PLATFORM_PRODUCT = 'youtubeProduct';

/** The public values: the main product, the gaming and kids products, and views of no known product. */
export const PLATFORM_PRODUCTS = ['CORE', 'GAMING', 'KIDS', 'UNKNOWN'] as const;

/**
 * A fact row's product from one draw in [0, 1): CORE 70 %, GAMING 10 %, KIDS 10 %, UNKNOWN 10 % (facts.ts
 * draws it from a generator of its own, so the other columns keep their values).
 */
export function platformProductOf(draw: number): (typeof PLATFORM_PRODUCTS)[number] {
  if (draw < 0.7) return 'CORE';
  if (draw < 0.8) return 'GAMING';
  if (draw < 0.9) return 'KIDS';
  return 'UNKNOWN';
}
