export * from './identity';
export * from './organizations';
export * from './platform';
export * from './pricing';
export * from './people';
