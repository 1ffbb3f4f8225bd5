// `x-credential-in` (operation): where a service takes its access token beside the scheme's own place (a form
// field, which OpenAPI's security schemes cannot name).

export type CredentialIn = 'query' | 'header' | 'form';

/** The operation's declared place, checked; undefined where it declares none. */
export function credentialInOf(id: string, op: any): CredentialIn | undefined {
  const declared: unknown = op['x-credential-in'];
  if (declared === undefined) return undefined;
  if (declared !== 'query' && declared !== 'header' && declared !== 'form')
    throw new Error(`${id}: x-credential-in must be query | header | form`);
  return declared;
}
