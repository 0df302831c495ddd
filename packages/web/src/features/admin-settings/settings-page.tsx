import { SettingGroupsPage } from './setting-groups-page';
import { settingGroups } from './settings-fields';

/** Every flag and option of the settings object, in groups, each with its meaning. */
export function SettingsPage() {
  return <SettingGroupsPage page="settings" groups={settingGroups} />;
}
