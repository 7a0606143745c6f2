/**
 * The install files the server builds from the brand (not JSON endpoints, so no rows):
 * the iOS Web Clip configuration profile and the site's QR code (server/http/app-install.ts).
 */
export const iosProfilePath = '/wps/app/ios.mobileconfig'
export const iosProfileContentType = 'application/x-apple-aspen-config'
export const siteQrPath = '/wps/app/qr.svg'
