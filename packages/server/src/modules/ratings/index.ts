// The public entry of the ratings module: what the app and other modules may use. Everything else in this folder is private to it.

export { addLocation, addRatingCategory, locationOptions, recordReview } from './locations';
export { ratingsModule } from './routes';
