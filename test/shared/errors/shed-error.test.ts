// The catalogue of error codes (shared/errors/shed-error.ts `ErrorCodes`): `ShedError.code` is the union
// of every class's codes, the faces' and the sandbox's included, so a code no class declares does not
// compile. The list below is the codes released: codes are stable once released (the CLI's --json and the
// pane's switch read them), so renaming or removing one, or adding one that is not listed here, fails
// `tsc --noEmit` (run first by `npm test`) until this list says so, knowingly.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { describeFailure } from '../../../addin/app/errors.ts';
import type { WorkbookError } from '../../../addin/excel/workbook-port.ts';
import type { JournalErrorCode } from '../../../batch/journal/journal-error.ts';
import type { InputFileErrorCode } from '../../../batch/read/errors.ts';
import type { WriteErrorCode } from '../../../batch/write/write-error.ts';
import { ShedError, type ErrorCode } from '../../../shared/errors/shed-error.ts';
import { MappingError, type MappingErrorCode } from '../../../shared/sheet/mapping-error.ts';

/** Every code released, with who throws it. Exactly the union: a missing or an extra key does not compile. */
const RELEASED: Record<ErrorCode, string> = {
  usage: 'UsageError',
  unauthenticated: 'AuthenticationError',
  no_entitlement: 'EntitlementError',
  http_error: 'HttpError',
  not_found: 'NotFoundError',
  validation_failed: 'ValidationError',
  rate_limited: 'RateLimitError',
  service_error: 'ServiceError',
  network_error: 'NetworkError',
  timeout: 'TimeoutError',
  outcome_unknown: 'OutcomeUnknownError',
  unexpected_response: 'ResponseShapeError',
  unexpected_redirect: 'HttpError (shared/client/response.ts)',
  no_header_row: 'MappingError',
  header_row_is_data: 'MappingError',
  missing_fields: 'MappingError',
  invalid_mapping_file: 'MappingError',
  mapping_mismatch: 'MappingError',
  gst_basis: 'MappingError',
  line_amount_as_cost: 'MappingError',
  doubled_header: 'MappingError',
  pack_size_column: 'MappingError',
  discount_column: 'MappingError',
  decimal_comma: 'MappingError',
  invalid_time_zone: 'InvalidTimeZoneError',
  nonexistent_local_date: 'NonexistentLocalDateError',
  invalid_timestamp: 'InvalidTimestampError, shared/export/paging/timestamps.ts',
  invalid_decimal: 'InvalidDecimalError',
  invalid_reference_data: 'ReferenceDataError',
  stocktake_invalid: 'StocktakeError',
  unknown_storage: 'UnknownStorageError',
  organisation_not_found: 'OrganisationChoiceError',
  organisation_required: 'OrganisationChoiceError',
  no_organisations: 'OrganisationChoiceError',
  unordered_list: 'SyncError',
  mirror_invalid: 'MirrorError',
  mirror_version: 'MirrorError',
  mirror_other_organisation: 'MirrorError',
  cancelled: 'ImportCancelledError',
  xml_too_large: 'EInvoiceError',
  xml_doctype: 'EInvoiceError',
  xml_too_deep: 'EInvoiceError',
  xml_malformed: 'EInvoiceError',
  not_an_einvoice: 'EInvoiceError',
  einvoice_totals: 'EInvoiceError',
  einvoice_currency: 'EInvoiceError',
  einvoice_type: 'EInvoiceError',
  no_data: 'NoRecordsError, InputFileError',
  template_kind: 'TemplateError',
  missing_token: 'shared/client/options.ts, ConfigError',
  invalid_token: 'shared/client/options.ts',
  invalid_auth_header: 'shared/client/options.ts',
  invalid_option: 'shared/client/options.ts',
  invalid_base_url: 'shared/client/options.ts, ConfigError',
  invalid_argument: 'shared/client/service-client.ts, batch/mirror/mirror-file.ts',
  export_unsettled: 'shared/export/paging/cursor-walk.ts',
  journal_is_link: 'JournalError',
  journal_unreadable: 'JournalError',
  import_running: 'JournalError',
  lock_unwritable: 'JournalError',
  journal_unwritable: 'JournalError',
  journal_other_service: 'JournalError',
  config_unreadable: 'ConfigError',
  profiles_unreadable: 'ConfigError',
  recipes_unwritable: 'ConfigError',
  unknown_profile: 'ConfigError',
  invalid_profile_name: 'ConfigError',
  missing_base_url: 'ConfigError',
  empty_token: 'ConfigError',
  invalid_table: 'WriteError',
  invalid_cell_value: 'WriteError',
  output_not_writable: 'WriteError',
  results_input_unreadable: 'WriteError',
  results_format_mismatch: 'WriteError',
  invalid_results: 'WriteError',
  file_not_found: 'InputFileError',
  file_unreadable: 'InputFileError',
  empty_file: 'InputFileError',
  not_a_spreadsheet: 'InputFileError',
  corrupt_workbook: 'InputFileError',
  formula_without_value: 'InputFileError',
  password_protected: 'InputFileError',
  sheet_not_found: 'InputFileError, WorkbookError',
  unreadable_encoding: 'InputFileError',
  malformed_csv: 'InputFileError',
  file_changed: 'InputFileError',
  too_large: 'InputFileError',
  memory_limit: 'InputFileError',
  mirror_not_found: 'MirrorFileError',
  mirror_unreadable: 'MirrorFileError',
  mirror_ambiguous: 'MirrorFileError',
  invalid_addin_base_url: 'ManifestUrlError',
  manifest_without_dev_url: 'ManifestUrlError',
  manifest_schemas_missing: 'ManifestSchemasMissingError',
  host_unavailable: 'HostError',
  replay_usage: 'ReplayUsageError',
  payload_too_large: 'WorkbookError',
  date_system_unknown: 'WorkbookError',
  row_visibility_unknown: 'WorkbookError',
  too_many_rows: 'WorkbookError',
  cells_taken: 'WorkbookError',
  sandbox_option_invalid: 'SandboxOptionError',
  sandbox_data_invalid: 'SandboxDataError',
  invalid_recipe: 'RecipeError',
  unknown_recipe: 'RecipeError',
  no_recipe_edit: 'RecipeError',
  recipe_file_unreadable: 'RecipeError',
};

describe('the catalogue of error codes', () => {
  it('holds every code of every class: the core, the CLI, the pane and the sandbox', () => {
    expectTypeOf<MappingErrorCode>().toExtend<ErrorCode>();
    expectTypeOf<JournalErrorCode | InputFileErrorCode | WriteErrorCode>().toExtend<ErrorCode>();
    expectTypeOf<WorkbookError['code']>().toExtend<ErrorCode>();
    expectTypeOf<MappingError['code']>().toEqualTypeOf<MappingErrorCode>();
  });

  it('is a union of names, not any string: a code no class declares does not compile', () => {
    expectTypeOf<string>().not.toExtend<ErrorCode>();
    expectTypeOf<ShedError['code']>().toEqualTypeOf<ErrorCode>();
    // @ts-expect-error 'no_such_code' is in no entry of ErrorCodes (this line compiles only if code were a plain string)
    expect(new ShedError('no_such_code', 'internal', 'made up').code).toBe('no_such_code');
  });

  it('every released code is snake_case, and the pane has a sentence for each', () => {
    for (const code of Object.keys(RELEASED) as ErrorCode[]) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(describeFailure(new ShedError(code, 'internal', `failed: ${code}`)).text, code).not.toBe('');
    }
  });
});
