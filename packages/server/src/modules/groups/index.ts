// The public entry of the groups module: what the app and other modules may use. Everything else in this folder is private to it.
export {
  type GroupAccess,
  loadGroupAccess,
  loadGroupViewer,
  loadTopicAccess,
  memberReadsGroup,
  requireGroupPermission,
  requireGroupRead,
  type TopicAccess,
} from './access';
export type { GroupDeps } from './deps';
export {
  groupMembersPage,
  groupsAdministeredBy,
  groupsReadAsMember,
  newestGroupFiles,
  onGroupRemoving,
  requireOwnImage,
} from './groups-service';
export { notifyMember } from './notify';
export { canReadGroupContent, everyMemberReads, type GroupVisibility } from './policy';
export { combinedName, type MemberPage, presentFiles, presentMemberPage } from './presenter';
export { groupsModule } from './routes';
export { type GroupReader, groupReaderOf, visibleGroup, visibleGroups } from './visibility-sql';
