// The public entry of the users module: what the app and other modules may use. Everything else in this folder is private to it.

export { countUsers, findUserById, findUserByLogin, insertUserRow, type UserRow } from './accounts';
export {
  accountsPage,
  createInvitedUser,
  setAccountDeactivated,
} from './accounts-admin';
export { memberAddresses, saveAddress } from './addresses';
export { createUser } from './create-user';
export { foldName, typoQuery } from './name-fold-sql';
export { countryOptions, genderOptions } from './options';
export { presentableColumns } from './presentable-sql';
export { isOnline, loadUserView, ownView, type PresentableUser, presentUser } from './presenter';
export { updateProfile } from './profile-service';
export { usersModule } from './routes';
export {
  refreshOnProfileOptions,
  refreshOutdatedSearchVectors,
  refreshUserSearchVectors,
} from './search-vector';
export { type BuiltinSearchField, fieldDocument, isFieldIncluded } from './search-vector-sql';
export { setUserPassword } from './set-password';
export { setMemberPermissions, setUserPermissions } from './set-permissions';
