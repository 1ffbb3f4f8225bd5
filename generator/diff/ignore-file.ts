// The ignore file: accepted changes, one a line, `<fingerprint> <reason>` (a reason is required: a reviewer
// should read why a break was accepted); blank lines and lines starting with # are skipped.
import fs from 'node:fs';
import type { Finding } from './finding.js';

export function readIgnoreFile(file: string): Map<string, string> {
  const accepted = new Map<string, string>();
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((line, i) => {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return;
    const match = /^([0-9a-f]{12})\s+(\S.*)$/.exec(text);
    if (!match) throw new Error(`${file}:${i + 1}: expected "<12-hex fingerprint> <reason>"`);
    accepted.set(match[1]!, match[2]!);
  });
  return accepted;
}

export function applyIgnores(findings: Finding[], accepted: Map<string, string>): void {
  for (const f of findings) {
    const reason = accepted.get(f.fingerprint);
    if (reason !== undefined) f.ignored = { reason };
  }
}
