export * from './endpoints.ts';
export * from './envelope.ts';
export * from './schemas.ts';
export * from './routes.ts';
export * from './catalog-studio-schema.ts';
