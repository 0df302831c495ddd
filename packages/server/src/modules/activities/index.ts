// The public entry of the activities module: what the app and other modules may use. Everything else in this folder is private to it.
export { recordLocalisedActivities, recordLocalisedActivity, worded } from './localised';
export { activitiesModule } from './routes';
export { insertActivityRow, removeOrphanActivities } from './service';
