export * from './activities';
export * from './groups';
export * from './people';
export * from './settings';
export * from './throttle';
export * from './uploads';
export * from './users';
export * from "./media";
