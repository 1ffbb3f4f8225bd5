// The redaction of a whole run, for what the reporters and the command line print: every credential of this
// project's own fixtures and of the run's config file and CONTRACT_<SERVICE>_<KEY> variables (read as the run reads
// them).
import { redactor, secretValues, type Redactor } from '../harness/redact.js';
import { ConfigError, DEFAULT_FIXTURES, readConfigFile, thirdPartyFixtures } from '../targets/fixtures.js';

export function runRedactor(configFile: string | undefined, env: NodeJS.ProcessEnv = process.env): Redactor {
  const secrets = secretValues(DEFAULT_FIXTURES);
  try {
    secrets.push(...secretValues(thirdPartyFixtures(readConfigFile(configFile), env)));
  } catch (error) {
    // A config the run could not read gave no fixture to any test: nothing of it was sent or echoed.
    if (!(error instanceof ConfigError) && !(error instanceof SyntaxError)) throw error;
  }
  return redactor(secrets);
}
