/**
 * The add-in's base URL in `manifest.xml`: the file in the repository points every URL at the
 * development server; a production build rewrites them to `ADDIN_BASE_URL` (see write-manifest.ts).
 * Pure string functions, no I/O.
 */
import { ShedError, type ErrorCodes } from '../../shared/errors/shed-error.ts';

/** The base URL every URL of the repository's `manifest.xml` starts with (the Vite dev server). */
export const DEV_BASE_URL = 'https://localhost:3000/';

/** The environment variable that carries the production base URL at build time. */
export const BASE_URL_ENV = 'ADDIN_BASE_URL';

/** A base URL that Office cannot load an add-in from, or a manifest without the development URLs. */
export class ManifestUrlError extends ShedError {
  constructor(code: ErrorCodes['ManifestUrlError'], message: string) {
    super(code, 'usage', message);
  }
}

/**
 * Checks and normalises a base URL: absolute `https:` (Office loads add-ins over HTTPS only), no query,
 * no fragment, no credentials; a trailing `/` is added so relative paths append to it.
 *
 * @example normaliseBaseUrl('https://addin.example.com/shed') → 'https://addin.example.com/shed/'
 * @throws ManifestUrlError `invalid_addin_base_url` when the text is empty, not a URL, not https,
 *   or carries a query, fragment, user name or password.
 */
export function normaliseBaseUrl(text: string): string {
  const trimmed = text.trim();
  const expected = `expected an absolute https URL such as https://addin.example.com/shed/`;
  if (trimmed === '') throw new ManifestUrlError('invalid_addin_base_url', `${BASE_URL_ENV} is empty: ${expected}.`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ManifestUrlError('invalid_addin_base_url', `${BASE_URL_ENV} '${trimmed}' is not a URL: ${expected}.`);
  }
  if (url.protocol !== 'https:') {
    throw new ManifestUrlError(
      'invalid_addin_base_url',
      `${BASE_URL_ENV} '${trimmed}' uses ${url.protocol.replace(':', '')}: Office loads add-ins over https only; ${expected}.`,
    );
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '' || trimmed.endsWith('?')) {
    throw new ManifestUrlError(
      'invalid_addin_base_url',
      `${BASE_URL_ENV} '${trimmed}' has a query, fragment or credentials; ${expected}.`,
    );
  }
  const href = url.href;
  return href.endsWith('/') ? href : `${href}/`;
}

// Only attribute values are rewritten (every URL of the manifest is a DefaultValue="..."), so the
// comment that documents the development URL stays as written.
const DEV_URL_IN_ATTRIBUTE = /="https:\/\/localhost:3000\//g;

/**
 * Rewrites every URL of the manifest from {@link DEV_BASE_URL} to `baseUrl`.
 *
 * @param xml the manifest as read from `manifest.xml`.
 * @param baseUrl the production base URL (checked with {@link normaliseBaseUrl}).
 * @returns the manifest text with every `="https://localhost:3000/…"` attribute value rebased.
 * @throws ManifestUrlError `invalid_addin_base_url` for a bad base URL, `manifest_without_dev_url`
 *   when the manifest holds no development URL (already rewritten, or the wrong file).
 */
export function rewriteManifestBaseUrl(xml: string, baseUrl: string): string {
  const base = normaliseBaseUrl(baseUrl);
  if (!xml.includes(`="${DEV_BASE_URL}`)) {
    throw new ManifestUrlError(
      'manifest_without_dev_url',
      `The manifest has no URL starting with ${DEV_BASE_URL}: expected the repository's manifest.xml, not one already rewritten.`,
    );
  }
  // URL.href percent-encodes quotes and angle brackets; only `&` could still need escaping in XML.
  const escaped = base.replace(/&/g, '&amp;');
  return xml.replace(DEV_URL_IN_ATTRIBUTE, () => `="${escaped}`);
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    ManifestUrlError: 'invalid_addin_base_url' | 'manifest_without_dev_url';
  }
}
