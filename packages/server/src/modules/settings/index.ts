// The public entry of the settings module: what the app and other modules may use. Everything else in this folder is private to it.
export { administrationMenuFor } from './administration-menu';
export { forgetSettingsDocuments } from './document-cache';
export { changeDocument, requireAdministrator } from './documents';
export { defaultMenu } from './menu-data';
export { settingsModule } from './routes';
export { navigationFor, setSettingByPath, storeSettingsDocument } from './service';
export { settingsMenuFor } from './settings-menu';
export { type DocumentChange, getSettings, onSettingsStored } from './settings-store';
