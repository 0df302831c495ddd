export * from './activities';
export * from './settings';
export * from './throttle';
export * from './users';
