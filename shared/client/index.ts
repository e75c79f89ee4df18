/** The farm-inputs service client: `createServiceClient(options)` and its types. */
export * from './service-client.ts';
export * from './options.ts';
export * from './paging.ts';
export { createHttp, queryString, type HttpClient, type RequestSpec, type QueryValue } from './http.ts';
export * from './retry-policy.ts';
export { REDACTED, redact } from './response.ts';
