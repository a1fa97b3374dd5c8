export * from './constants.ts';
export * from './common.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './roles.ts';
export * from './masters.ts';
export * from './entities.ts';
export * from './users.ts';
