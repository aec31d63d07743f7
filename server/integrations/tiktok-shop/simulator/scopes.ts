/** The OAuth scopes the simulator grants and each endpoint requires (the API guide's names). */
export const SCOPES = {
  affiliateRead: 'seller.affiliate_collaboration.read',
  affiliateWrite: 'seller.affiliate_collaboration.write',
  // Seen only in client code (unconfirmed).
  creatorMarketplaceRead: 'seller.creator_marketplace.read',
  affiliateMessagesWrite: 'seller.affiliate_messages.write',
  authorizationInfo: 'seller.authorization.info',
} as const;

export const ALL_SCOPES: string[] = Object.values(SCOPES);
