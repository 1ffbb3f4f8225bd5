// The three services the toolkit knows. A service key names its spec folder and its generated folder.
export const SERVICE_KEYS = ['ad-creative', 'analytics', 'generative'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export function isServiceKey(value: string): value is ServiceKey {
  return (SERVICE_KEYS as readonly string[]).includes(value);
}
