/** The sign-in popups (src/lib/popup-registry.ts). */
import { definePopups } from '../../lib/popup-registry'

declare module '../../lib/popup-registry' {
  interface PopupNames {
    login: true
    register: true
    forgotPassword: true
    changePassword: true
    afterLogin: true
    needRealAccount: true
  }
}

const load = () => import('./components/auth-popups')

export const popups = definePopups({
  popups: [
    { name: 'login', load: () => load().then((m) => m.LoginPopup) },
    { name: 'register', load: () => load().then((m) => m.RegisterPopup) },
    { name: 'forgotPassword', load: () => load().then((m) => m.ForgotPasswordPopup) },
    { name: 'changePassword', load: () => load().then((m) => m.ChangePasswordPopup) },
    { name: 'afterLogin', load: () => load().then((m) => m.AfterLoginPopup) },
    { name: 'needRealAccount', load: () => load().then((m) => m.NeedRealAccountPopup) },
  ],
})
