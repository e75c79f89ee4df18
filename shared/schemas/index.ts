export * from './common.ts';
export * from './resources.ts';
export * from './bodies.ts';
