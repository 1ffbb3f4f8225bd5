// Media types by their essence, as the round trip reads a document's and an answer's: `application/json;charset=UTF-8`
// (gamesparks' answers) is JSON.
export const essence = (ct: string) => ct.split(';')[0]!.trim().toLowerCase();
export const isJson = (ct: string) => essence(ct) === 'application/json' || essence(ct).endsWith('+json');
export const isText = (ct: string) => /^text\/|[/+](xml|csv|yaml|x-yaml)$/.test(essence(ct));
export const isXml = (ct: string) => /[/+]xml$/.test(essence(ct));
