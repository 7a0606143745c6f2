/* The contract-coverage test's inputs, kept apart so the test reads as its checks. */

/**
 * The smallest valid input of endpoints that need one (query or body). Rows not listed
 * are called with an empty query and no body; the first test checks that this is valid.
 */
export const minimalInputs: Record<string, { query?: Record<string, string>; body?: unknown }> = {
  'identity.login': { body: { username: 'member01', password: 'lotus123' } },
  'identity.freePlay': { body: {} },
  'identity.deviceSignOut': { body: { id: 'set-below' } },
  'identity.register': {
    body: { username: 'cover01', password: 'abc12345', confirmPassword: 'abc12345', termsAccepted: true },
  },
  'identity.changePassword': {
    body: { oldPassword: 'lotus123', newPassword: 'lotus456', confirmNewPassword: 'lotus456' },
  },
  'identity.updateLanguage': { body: { language: 'en' } },
  'identity.changeIcon': { body: { avatar: '02' } },
  'profile.update': { body: { birthday: '1990-05-05' } },
  'profile.bindSend': { body: { field: 'email', value: 'cover@example.com' } },
  'profile.bindVerify': { body: { field: 'email', value: 'cover@example.com', verificationCode: '000000' } },
  'identity.socialStart': { body: { provider: 'telegram' } },
  'identity.authenticatorConfirm': { body: { code: 'set-below' } },
  'identity.authenticatorDisable': { body: { code: 'set-below' } },
  'identity.socialExchange': { body: { code: 'set-below' } },
  'identity.affiliate': { query: { code: 'LOTUS01' } },
  'identity.forgotByEmail': { body: { username: 'member02', email: 'MEMBER02@example.com' } },
  'identity.resetByEmail': {
    body: {
      username: 'member02',
      verificationCode: '000000',
      newPassword: 'lotus123',
      confirmNewPassword: 'lotus123',
    },
  },
  'identity.forgotBySms': { body: { mobileNum: '12345670', countryDialingCode: '855' } },
  'identity.resetByMobile': {
    body: {
      mobileNum: '87654321',
      countryDialingCode: '855',
      verificationCode: '000000',
      newPassword: 'lotus123',
    },
  },
  'identity.loginVerifySend': { body: { verifyToken: 'set-below', method: 'email' } },
  'identity.loginVerify': { body: { verifyToken: 'set-below', method: 'email', verificationCode: '000000' } },
  'identity.smsRegister': { body: { mobileNo: '12345678', countryDialingCode: '855' } },
  'identity.smsLogin': { body: { mobileNum: '12345679', countryDialingCode: '855' } },
  'games.addFavorite': { body: { gameId: 'DSL-0002' } },
  'games.removeFavorite': { body: { gameId: 'DSL-0002' } },
  'games.roomList': { query: { gameId: 'CRD-0001' } },
  // member01 has money on main: a multi-wallet launch that confirmed the transfer offer goes ahead.
  'play.launchGame': { query: { gameId: 'DSL-0002', launchMode: 'GLS', confirmTrans: '1' } },
  'play.trialLaunch': { query: { gameId: 'DSL-0002' } },
  'wallet.transfer': { body: { fromAccountTypeId: 2, toAccountTypeId: 100, amount: '5.00' } },
  'wallet.sweep': { body: {} },
  'lottery.gameSetting': { query: { lottoGameCode: 'E5D5' } },
  'lottery.near': { query: { lottoGameCode: 'E5D5' } },
  // The numero is the issue open at the call (below).
  'lottery.draw': { query: { lottoGameCode: 'E5D5', numero: '20260101-0001' } },
  'lottery.placeOrder': {
    body: {
      lottoGameCode: 'E5D5',
      numero: '20260101-0001',
      bets: [{ betType: 'BIG_SMALL', pick: 'BIG', stake: '1.00' }],
    },
  },
  'push.subscribe': {
    body: {
      endpoint: 'https://push.example/sub/1',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  },
  'push.unsubscribe': { body: { endpoint: 'https://push.example/sub/1' } },
  'inbox.read': { body: {} },
  'inbox.remove': { body: { ids: [1] } },
  'funds.depositBank': { body: { methodCode: 'BANK', amount: '100.00' } },
  'funds.depositResult': { query: { order: 'SETBELOW' } },
  'funds.depositOnline': { body: { methodCode: 'DEMOPAY', amount: '50.00' } },
  'funds.setPaymentPassword': {
    body: { loginPassword: 'lotus123', paymentPassword: '123456', confirmPaymentPassword: '123456' },
  },
  'funds.changePaymentPassword': {
    body: { oldPaymentPassword: '123456', newPaymentPassword: '654321', confirmPaymentPassword: '654321' },
  },
  'funds.checkPaymentPassword': { body: { paymentPassword: '654321' } },
  'feedback.submit': { body: { type: 'suggestion', content: 'Please add more fish games' } },
  'feedback.image': { query: { id: '1' } },
  'points.redeem': { body: { rewardId: 1, paymentPassword: '654321' } },
  'points.convert': { body: { type: 'cash', points: '100', paymentPassword: '654321' } },
  // The code is member02's, given by the coverage test (contract-coverage.test.ts).
  'referral.bind': { body: { referralCode: 'COVER032' } },
  'funds.addBankCard': {
    body: {
      bankCode: 'ABA',
      accountName: 'Member One',
      accountNumber: '000111222',
      paymentPassword: '654321',
    },
  },
  'funds.deleteBankCard': { body: { cardId: 0, paymentPassword: '654321' } },
  'funds.withdraw': { body: { amount: '10.00', cardId: 0, paymentPassword: '654321' } },
  'funds.confirmWithdrawal': { body: { withdrawalId: 0, outcome: 'RECEIVED' } },
  'funds.transferUpline': { body: { amount: '1.00', paymentPassword: '654321' } },
  // The amount is what the withdraw settings offer (contract-coverage.test.ts).
  'turnover.forfeit': { body: { amount: '0.00' } },
  'agent.downlineTransfer': {
    body: { shares: [{ memberId: 1, amount: '1.00' }], paymentPassword: '654321' },
  },
  'agent.openAccount': {
    body: {
      kind: 'member',
      username: 'opened01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      rates: [],
    },
  },
  'identity.registerMobile': {
    body: {
      mobileNum: '87654321',
      countryDialingCode: '855',
      verificationCode: '000000',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      termsAccepted: true,
    },
  },
  // The promotion's id is the demo's of the kind each call takes (set in the test).
  'promotions.signUp': { body: { promotionId: 1 } },
  'promotions.claim': { body: { promotionId: 1 } },
  'promotions.claimRegister': { body: { promotionId: 1 } },
  'promotions.claimAppDownload': { body: { promotionId: 1, displayMode: 'standalone' } },
  'promotions.claimIssued': { body: { claimId: 1 } },
  'promotions.claimPromoCode': { body: { code: 'LOTUS3' } },
  'promotions.apply': { body: { promotionId: 1, remark: 'my win', images: [] } },
  // The demo's raffle (its id set in the test).
  'raffle.join': { body: { promotionId: 1 } },
  'raffle.status': { query: { promotionId: '1' } },
}
