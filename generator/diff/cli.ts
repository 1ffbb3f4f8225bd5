// spec-first diff <base> <revision> [--format text|json|markdown|junit|github] [--fail-on error|warning|info]
//   [--ignore <file>] [--exclude tag:<name> | <x-extension>[=<value>]]... | spec-first diff --schema
// Exit 1 when a change not ignored reaches --fail-on (default error), 2 on a usage or load error, 0 otherwise.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LEVELS, type Level } from './finding.js';
import { formatGithub } from './format-github.js';
import { formatJunit } from './format-junit.js';
import { formatMarkdown } from './format-markdown.js';
import { formatText } from './format-text.js';
import { OUTPUT_SCHEMA } from './output-schema.js';
import { runDiff } from './run-diff.js';

const USAGE = [
  'usage: spec-first diff <base> <revision> [--format text|json|markdown|junit|github] [--fail-on error|warning|info]',
  '                       [--ignore <file>] [--exclude tag:<name> | --exclude <x-extension>[=<value>]]...',
  '                       [--check-code <tsconfig.json> [--package <folder>] [--key <name>]]',
  '       spec-first diff --schema     (the JSON Schema of --format json)',
  '  <base>, <revision>: an OpenAPI 3.0/3.1 file, or <git revision>:<path> (main:specs/ads/openapi.yaml)',
  "  --check-code: type-check that project against the revision's generated package (in memory, in place of the",
  '    package folder it compiles, found or given with --package) and list its new type errors under each change',
].join('\n');

const FORMATS = ['text', 'json', 'markdown', 'junit', 'github'] as const;

export async function diffMain(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'text' },
        'fail-on': { type: 'string', default: 'error' },
        ignore: { type: 'string' },
        exclude: { type: 'string', multiple: true },
        'check-code': { type: 'string' },
        package: { type: 'string' },
        key: { type: 'string' },
        schema: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  try {
    parsed = parse();
  } catch (error) {
    console.error(`diff: ${(error as Error).message.split('\n')[0]}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.schema) {
    process.stdout.write(`${JSON.stringify(OUTPUT_SCHEMA, null, 2)}\n`);
    return 0;
  }
  const format = values.format as (typeof FORMATS)[number];
  const failOn = values['fail-on'] as Level;
  const problem =
    positionals.length !== 2
      ? 'two documents are needed: <base> <revision>'
      : !FORMATS.includes(format)
        ? `unknown --format ${format}`
        : !LEVELS.includes(failOn)
          ? `unknown --fail-on ${failOn}`
          : !values['check-code'] && (values.package || values.key)
            ? `--${values.package ? 'package' : 'key'} goes with --check-code <tsconfig.json>`
            : undefined;
  if (problem) {
    console.error(`diff: ${problem}\n${USAGE}`);
    return 2;
  }
  let output: Awaited<ReturnType<typeof runDiff>>;
  try {
    output = await runDiff(positionals[0]!, positionals[1]!, {
      exclude: values.exclude,
      ignoreFile: values.ignore,
      failOn,
      ...(values['check-code']
        ? { checkCode: { tsconfig: values['check-code'], package: values.package, key: values.key } }
        : {}),
    });
  } catch (error) {
    console.error(`diff: ${(error as Error).message}`);
    return 2;
  }
  const { result } = output;
  const relative = (file: string) => path.relative(process.cwd(), file) || file;
  const text =
    format === 'json'
      ? `${JSON.stringify(result, null, 2)}\n`
      : format === 'markdown'
        ? formatMarkdown(result)
        : format === 'junit'
          ? formatJunit(result)
          : format === 'github'
            ? formatGithub(
                result,
                relative(
                  positionals[1]!.includes(':') && !output.revision.file.startsWith(process.cwd())
                    ? positionals[1]!.split(':').slice(1).join(':')
                    : output.revision.file,
                ),
                relative(output.base.file),
              )
            : formatText(result);
  process.stdout.write(text);
  return result.summary.breaking ? 1 : 0;
}
