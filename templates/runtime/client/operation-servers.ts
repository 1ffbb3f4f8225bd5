// The servers operations declare of their own (per-path or per-operation `servers`: an upload host, a regional
// endpoint): which one a request goes to and its base address (ServiceProfile.ownServers). Only a client whose spec
// has them carries this.
import type { OwnServers } from './core.js';

export const ownServers: OwnServers = {
  choose(options, spec) {
    const wanted = options.operationServers?.[spec.operationId];
    if (wanted === undefined) return spec.server!;
    const choices = spec.serverChoices ?? [spec.server!];
    const chosen = typeof wanted === 'number' ? choices[wanted] : choices.find((url) => url === wanted);
    if (chosen === undefined)
      throw new TypeError(
        `ClientOptions.operationServers.${spec.operationId}: ${spec.operationId} has no server ${JSON.stringify(wanted)} (it has ${choices.map((url, i) => `${i}: ${url}`).join(', ')})`,
      );
    return chosen;
  },

  /**
   * The caller's (`servers`, then `uploadUrl`), else the URL with its variables filled in; an address under the
   * spec's first server follows baseUrl (a mock, a local instance), one elsewhere (another host) is used as it is; a
   * relative one is read against baseUrl.
   */
  base(options, profile, server, base) {
    const given = options.servers?.[server] ?? options.uploadUrl;
    if (given !== undefined) return given;
    const defaults = profile.servers?.[server] ?? {};
    const enums = profile.serverEnums?.[server];
    const filled = server.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = options.serverVariables?.[name] ?? defaults[name] ?? '';
      const allowed = enums?.[name];
      if (allowed && !allowed.includes(value))
        throw new TypeError(
          `ClientOptions.serverVariables.${name}: ${JSON.stringify(value)} is not one of ${allowed.join(', ')} (server ${server})`,
        );
      return value;
    });
    const root = profile.rootServer?.replace(/\/+$/, '');
    if (root && (filled === root || filled.startsWith(`${root}/`))) return base + filled.slice(root.length);
    if (!/^[a-z][a-z0-9+.-]*:/i.test(filled)) return new URL(filled, `${base}/`).href;
    return filled;
  },
};
