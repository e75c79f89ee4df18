/** The error of a missing or unusable setting (base URL, token, organisation, config file): exit status 2. */
import { ShedError, type ErrorCodes } from '../../shared/errors/shed-error.ts';

/** A missing or unusable setting (base URL, token, organisation, config file): exit status 2. */
export class ConfigError extends ShedError {
  constructor(code: ErrorCodes['ConfigError'], message: string) {
    super(code, 'config', message);
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    ConfigError:
      | 'config_unreadable'
      | 'profiles_unreadable'
      | 'recipes_unwritable'
      | 'unknown_profile'
      | 'invalid_profile_name'
      | 'missing_base_url'
      | 'invalid_base_url'
      | 'missing_token'
      | 'empty_token';
  }
}
