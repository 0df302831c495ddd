// The public entry of the privacy module (members' personal data): what the app and other modules may use. Everything else in this folder is private to it.
export { privacyModule } from './routes';
export { eraseMemberContent, removeExpiredExports } from './service';
