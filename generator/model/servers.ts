// Servers: the document's base address and the servers a path or an operation declares of its own.
import { METHODS } from './methods.js';
import type { OpenApiDocument } from './ref.js';
import type { ServerModel, ServiceModel } from './types.js';

/**
 * The document's first server (the base address), then each distinct server a path or an operation declares of
 * its own (its first), with the defaults of their variables.
 */
export function buildServers(document: OpenApiDocument): ServiceModel['servers'] {
  const servers: ServiceModel['servers'] = [];
  const root = document.servers?.[0];
  if (root) servers.push(serverModel(root));
  for (const item of Object.values<any>(document.paths ?? {})) {
    for (const m of METHODS) {
      const own = ownServers(document, item, item?.[m])[0];
      if (own && !servers.some((x) => x.url === own.url)) servers.push(own);
    }
  }
  return servers;
}

/** The servers an operation (else its path) declares of its own, where the first is not the document's first. */
export function ownServers(document: OpenApiDocument, item: any, op: any): ServerModel[] {
  if (!op) return [];
  const list: any[] = op.servers?.length ? op.servers : item?.servers?.length ? item.servers : [];
  const servers = list.filter((s) => s && typeof s.url === 'string');
  if (servers.length === 0 || servers[0].url === document.servers?.[0]?.url) return [];
  return servers.map(serverModel);
}

export function serverModel(server: any): ServerModel {
  const variables: Record<string, string> = {};
  const enums: Record<string, string[]> = {};
  for (const [name, v] of Object.entries<any>(server.variables ?? {})) {
    const values = Array.isArray(v?.enum) ? v.enum.map(String) : undefined;
    // A variable without a default (the spec requires one) takes its first listed value.
    variables[name] = String(v?.default ?? values?.[0] ?? '');
    if (values?.length) enums[name] = values;
  }
  return {
    url: server.url,
    defaultUrl: server.url.replace(/\{([^}]+)\}/g, (_: string, name: string) => variables[name] ?? ''),
    variables,
    ...(Object.keys(enums).length ? { enums } : {}),
  };
}
