import type { Endpoint } from 'payload'

import { accountEndpoints } from './account'
import { adminUserEndpoints } from './admin-users'
import { approveUserEndpoint } from './approve-user'
import { organizationInvitationEndpoints } from './organization-invitations'
import { organizationManageEndpoints } from './organization-manage'
import { listOrganizationsEndpoint, setActiveEndpoint } from './organizations'
import { ownSessionEndpoints } from './own-sessions'
import { requestResetEndpoints, resetPasswordEndpoint } from './password'
import { getSessionEndpoint, signOutEndpoint } from './session'
import { signInEndpoint } from './sign-in'
import { signUpEndpoint } from './sign-up'
import { sendVerificationEndpoint, verifyEmailEndpoints } from './verification'

export const authEndpoints: Endpoint[] = [
  ...signUpEndpoint,
  ...signInEndpoint,
  ...signOutEndpoint,
  ...getSessionEndpoint,
  ...verifyEmailEndpoints,
  ...sendVerificationEndpoint,
  ...requestResetEndpoints,
  ...resetPasswordEndpoint,
  ...listOrganizationsEndpoint,
  ...setActiveEndpoint,
  ...accountEndpoints,
  ...ownSessionEndpoints,
  ...adminUserEndpoints,
  ...approveUserEndpoint,
  ...organizationManageEndpoints,
  ...organizationInvitationEndpoints,
]
