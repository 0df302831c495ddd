// The public entry of the settings module: what the app and other modules may use. Everything else in this folder is private to it.
export { forgetSettingsDocuments } from './document-cache';
export { defaultMenu } from './menu-data';
export { settingsModule } from './routes';
export {
  administrationMenuFor,
  getSettings,
  navigationFor,
  onSettingsStored,
  setSettingByPath,
  settingsMenuFor,
  storeSettingsDocument,
} from './service';
