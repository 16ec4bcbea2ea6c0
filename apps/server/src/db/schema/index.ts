export * from './identity';
export * from './organizations';
export * from './platform';
export * from './administration';
export * from './sizes';
export * from './pricing';
export * from './people';
export * from './places';
