// World's sign-in and accounts (sdk/auth_api.h): the consent prompt and the browser
// (world_auth.cc), OAuth2's token endpoints (world_auth.cc), provisional accounts
// (world_provisional.cc, world_provisional_server.cc) and publisher-level linking
// (world_publisher.cc). Included inside class World (world.h), not a header of its own: the
// declarations of one feature, beside its definitions.

 public:
  // Sign-in (world_auth.cc). Authorize shows a consent prompt in the local chat client (any
  // reachable one: the simulated machine's), or fails with RPCError when none runs. `answer` is
  // enqueued on the session with the authorization, or AuthorizationFailed when denied. Returns
  // the prompt's id (0 on failure).
  struct AuthorizeRequest {
    sdk::Snowflake applicationId = 0;
    std::string scopes;
    std::string codeChallenge;
    std::string state;  // carried by the browser fallback's authorize page and redirect
    // AuthorizationArgs::IntegrationType (an sdk::IntegrationType value, -1: none) and
    // CustomSchemeParam ('' : none), shown with the request.
    int32_t integrationType = -1;
    std::string customSchemeParam;
    uint32_t windowPid = 0;  // the game window the overlay shows the prompt over (SetGameWindowPid)
  };
  uint64_t RequestAuthorization(Session* session, AuthorizeRequest request,
                                std::function<void(const sdk::Result&, sdk::Authorization)> answer,
                                sdk::Result* failure);
  void CancelAuthorization(uint64_t promptId);
  // The prompts the chat client of `user` shows (none while it is unreachable), oldest first.
  std::vector<ConsentPrompt> ConsentPromptsOf(sdk::Snowflake user) const;
  // The user answers the oldest prompt. std::invalid_argument: no prompt, or the chat client is
  // not reachable, or the user is unknown.
  void AnswerConsent(sdk::Snowflake user, bool approve);
  // The web browser (browser.h). The pages `user`'s browser shows, oldest first. Opening a page:
  // a plain one, or the service's authorize page of a game's web flow (std::invalid_argument:
  // unknown user or application, a child application). The user answers the oldest authorize
  // page: a code (approve) or access_denied; the redirect goes to the SDK's local server when an
  // SDK authorization waits on it, and is returned. std::invalid_argument: unknown user, no page.
  std::deque<BrowserPage> BrowserPagesOf(sdk::Snowflake user) const;
  void OpenBrowserPage(sdk::Snowflake user, std::string url);
  void OpenAuthorizePage(sdk::Snowflake user, AuthorizePage page);
  AuthorizeRedirect AnswerAuthorizePage(sdk::Snowflake user, bool approve);
  // The developer portal's Connection Entrypoint URL ("" clears it). std::invalid_argument: unknown app.
  void SetConnectionEntrypointUrl(sdk::Snowflake app, std::string url);
  // Account-link requests (RegisterAuthorizeRequestCallback): a session subscribes for its
  // application (`notify` is enqueued on it for each request) until it unsubscribes or detaches.
  void SubscribeAuthorizeRequests(Session* session, sdk::Snowflake applicationId, std::function<void()> notify);
  void UnsubscribeAuthorizeRequests(Session* session);
  // The user asks, in their chat client, to link their account with the application: every
  // subscribed session of it is told (the connected game flow); when none is, the chat client
  // opens the application's Connection Entrypoint URL in the user's browser (the web flow).
  // Returns how many sessions were told. std::invalid_argument: unknown user or application, or
  // the chat client is not reachable.
  size_t RequestAccountLink(sdk::Snowflake user, sdk::Snowflake applicationId);
  // Provisional accounts (world_provisional.cc). The harness, as the application's identity
  // provider, issues a token of `type` for the player `subject`, valid `ttlMs`.
  // std::invalid_argument: unknown application, empty subject.
  // An OIDC token names `issuer` (default: the application's configured issuer).
  std::string IssueExternalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& subject,
                                 uint64_t ttlMs, const std::optional<std::string>& issuer = std::nullopt);
  // POST /partner-sdk/token: see sdk/auth_api.h (GetProvisionalToken) for the rules.
  sdk::Result GetProvisionalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                  sdk::TokenExchange* out);
  // UpdateProvisionalAccountDisplayName: see sdk/auth_api.h.
  sdk::Result SetProvisionalDisplayName(sdk::Snowflake user, const std::string& name);
  // GetTokenFromProvisionalMerge: see sdk/auth_api.h.
  sdk::Result MergeProvisional(sdk::Snowflake app, const std::string& code, const std::string& verifier,
                               const std::string& redirectUri, sdk::ExternalAuthType type,
                               const std::string& externalToken, sdk::TokenExchange* out);
  // Harness: bans `user` (its tokens are deleted at once, through the app removal's path; each
  // identity bound to it moves to a new restricted provisional account), or lifts the ban (merges
  // work again). Return how many identities moved / accounts were freed. std::invalid_argument:
  // unknown user.
  // UnmergeIntoProvisionalAccount: see sdk/auth_api.h.
  sdk::Result UnmergeProvisional(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken);
  size_t BanUser(sdk::Snowflake user);
  void UnbanUser(sdk::Snowflake user);
  // The game server's provisional accounts (world_provisional_server.cc; server-api.md §4.5-4.6).
  // Tokens last kServerProvisionalTokenTtlMs (expires_in 604800). ExchangeExternalToken: POST
  // /partner-sdk/token (client credentials checked by the caller), GetProvisionalToken's rules;
  // an OIDC exchange also answers a refresh token. BotProvisionalToken: POST
  // /partner-sdk/token/bot, the identity is `externalUserId` (DiscordBotIssuedAccessToken),
  // `preferredName` names a new account. Both: 530010 once the identity is a full account's.
  // UnmergeBotIdentity: POST /partner-sdk/provisional-accounts/unmerge/bot, UnmergeProvisional's
  // rules (404 unknown identity, 400 50229 provisional).
  static constexpr uint64_t kServerProvisionalTokenTtlMs = 7ULL * 24 * 60 * 60 * 1000;
  sdk::Result ExchangeExternalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                    sdk::TokenExchange* out);
  sdk::Result BotProvisionalToken(sdk::Snowflake app, const std::string& externalUserId,
                                  const std::optional<std::string>& preferredName, sdk::TokenExchange* out);
  sdk::Result UnmergeBotIdentity(sdk::Snowflake app, const std::string& externalUserId);
  // The HTTP service's application-identity routes: every identity of `app` bound to an account,
  // with the account; and the deletion of one bound to `user` (false: none such). Throw
  // std::invalid_argument for an unknown application.
  std::vector<std::pair<ExternalToken, sdk::Snowflake>> ApplicationIdentities(sdk::Snowflake app) const;
  bool DeleteApplicationIdentity(sdk::Snowflake app, sdk::Snowflake user, sdk::ExternalAuthType type,
                                 const std::string& subject);
  // Harness: the application's OIDC issuer configuration (oidc_issuers.h), or nullopt to remove
  // it (OIDC exchanges then fail with 530008). A configuration that breaks the issuer rules is
  // refused (std::invalid_argument, nothing changed) unless `grandfathered`, which only the first
  // configuration of an application may be. std::invalid_argument: unknown application.
  void ConfigureOidc(sdk::Snowflake app, std::optional<OidcConfiguration> config);
  std::optional<OidcConfiguration> OidcConfigurationOf(sdk::Snowflake app) const;
  // The token endpoints (POST /oauth2/token, /oauth2/token/revoke): see sdk/auth_api.h for the
  // rules. Access tokens last kAccessTokenTtlMs (expires_in 604800).
  static constexpr uint64_t kAccessTokenTtlMs = 7ULL * 24 * 60 * 60 * 1000;
  sdk::Result ExchangeCode(sdk::Snowflake app, const std::string& code, const std::string& verifier,
                           const std::string& redirectUri, sdk::TokenExchange* out);
  sdk::Result RefreshGrant(sdk::Snowflake app, const std::string& refreshToken, sdk::TokenExchange* out);
  sdk::Result RevokeGrant(sdk::Snowflake app, const std::string& token);
  // The user removes the application (harness): every token of the authorization is deleted and
  // sessions using them end. Returns how many access and refresh tokens (and codes) went.
  size_t RemoveAuthorization(sdk::Snowflake user, sdk::Snowflake app);
  // Publisher-level linking (POST /partner-sdk/child-token, ExchangeChildToken): see
  // sdk/auth_api.h for the rules.
  sdk::Result ExchangeChildToken(const std::string& parentToken, sdk::Snowflake childApp, sdk::TokenExchange* out);
  // When an access token expires on the clock (0: unknown token).
  uint64_t TokenExpiresAt(const std::string& token) const;
  // Device sign-in (world_device.cc; sdk/auth_api.h GetTokenFromDevice for the rules).
  // POST /oauth2/device/authorize: a request for `scopes` of `app`, its codes in `out`. HTTPError
  // 400 (50035) for an unknown or child application.
  sdk::Result RequestDeviceAuthorization(sdk::Snowflake app, const std::string& scopes, DeviceAuthorization* out);
  // POST /oauth2/token with the device_code grant (and, for a merge, the external identity).
  // Success fills `out`; while the user has not answered, `*retryInMs` is set to the interval to
  // wait (slow_down lengthens it) and the result is the pending error. Otherwise HTTPError 400
  // access_denied, expired_token or invalid_grant, or a merge's refusals (GetTokenFromProvisionalMerge).
  struct ExternalAuth {
    sdk::ExternalAuthType type = sdk::ExternalAuthType::OIDC;
    std::string token;
  };
  sdk::Result PollDeviceAuthorization(sdk::Snowflake app, const std::string& deviceCode,
                                      const std::optional<ExternalAuth>& merge, sdk::TokenExchange* out,
                                      uint64_t* retryInMs);
  void CancelDeviceAuthorization(const std::string& deviceCode);
  // Harness: the requests waiting for the user, oldest first; the user answers one by its user
  // code (at the verification page). std::invalid_argument: unknown user, no pending request
  // shows the code.
  std::vector<DeviceAuthorization> PendingDeviceAuthorizations() const;
  void AnswerDeviceAuthorization(const std::string& userCode, sdk::Snowflake user, bool approve);
  // The SDK's device authorization screens: a session shows one (replacing its own), closes it
  // (`closed` is enqueued on it when one was open), and the player dismisses one (harness;
  // std::invalid_argument when no screen shows the code).
  void OpenDeviceScreen(Session* session, sdk::Snowflake app, std::string userCode, uint32_t windowPid,
                        std::function<void()> closed);
  void CloseDeviceScreen(Session* session);
  void DismissDeviceScreen(const std::string& userCode);
  std::vector<DeviceScreen> DeviceScreensShown() const;

 private:
  // Issues an access and a refresh token for (app, user, scopes) (world_auth.cc).
  sdk::TokenExchange IssueTokenSetLocked(sdk::Snowflake app, sdk::Snowflake user, const std::string& scopes);
  // Revokes every token of (app, user), and the child tokens exchanged from them; returns how many.
  size_t RevokeAuthorizationLocked(sdk::Snowflake app, sdk::Snowflake user);
  // Invalidates the access token a refresh replaces: refused from now on, its sessions told
  // (OnTokenReplaced), the child tokens exchanged from it revoked (world_auth.cc).
  void InvalidateReplacedTokenLocked(const std::string& accessToken);
  // Revokes the child tokens whose parent token was revoked (world_publisher.cc).
  void RevokeOrphanedChildTokensLocked();
  // Refuses OAuth2 and provisional-account calls made with a child application's id (see
  // sdk/auth_api.h); Success otherwise.
  sdk::Result RefuseChildApplicationLocked(sdk::Snowflake app) const;
  // A new provisional user (world_provisional.cc).
  sdk::Snowflake NewProvisionalAccountLocked();
  // Provisional accounts (world_provisional.cc, world_provisional_server.cc): the identity an
  // external token proves (a bot-issued account's: its live access token); the OIDC rules of an
  // exchange (530008, 530002, 530004); a token of the identity's account, made on first use
  // (530010 for a full account); an unmerge of the identity (404, 50229).
  std::optional<ExternalToken> ExternalIdentityLocked(sdk::Snowflake app, sdk::ExternalAuthType type,
                                                      const std::string& externalToken) const;
  sdk::Result CheckOidcLocked(const ExternalToken& identity) const;
  // A provisional-account token call's identity: the application is no child, the provider token
  // is one its provider issued for `type` and unexpired (else 403 50025), OIDC's issuer checks
  // pass. Fills `identity` on success.
  sdk::Result ProvisionalIdentityLocked(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                        ExternalToken* identity) const;
  sdk::Result GrantProvisionalLocked(const ExternalToken& identity, uint64_t ttlMs, bool withRefresh,
                                     const std::optional<std::string>& preferredName, sdk::TokenExchange* out);
  sdk::Result UnmergeIdentityLocked(const ExternalToken& identity);
  // A merge of the provisional account of an external identity into a full account, shared by
  // GetTokenFromProvisionalMerge and GetTokenFromDeviceProvisionalMerge (world_provisional.cc):
  // the identity and its account checked (403 50025, 400 530017, 400 530014), then, once the
  // full account is known, the merge and the full account's token set.
  sdk::Result MergeSourceLocked(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                ExternalToken* identity, std::optional<sdk::Snowflake>* source) const;
  sdk::TokenExchange MergeIntoLocked(const ExternalToken& identity, const std::optional<sdk::Snowflake>& source,
                                     sdk::Snowflake user, const std::string& scopes);
  static ExternalToken BotIdentity(sdk::Snowflake app, const std::string& externalUserId);
