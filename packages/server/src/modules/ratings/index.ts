// The public entry of the ratings module: what the app and other modules may use. Everything else in this folder is private to it.

export { createCategory, createLocation } from './admin-service';
export { locationOptions } from './locations';
export { ratingsModule } from './routes';
export { reviewYear, submitReview } from './service';
