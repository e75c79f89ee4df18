import { ShedError } from '../../shared/errors/shed-error.ts';

/** A missing or unusable setting (base URL, token, organisation, config file): exit status 2. */
export class ConfigError extends ShedError {
  constructor(code: string, message: string) {
    super(code, 'config', message);
  }
}
