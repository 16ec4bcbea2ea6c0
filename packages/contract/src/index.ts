export * from './api-keys';
export * from './auth';
export * from './common';
export * from './feedback';
export * from './health';
export * from './messages';
export * from './organizations';
export * from './settings';
