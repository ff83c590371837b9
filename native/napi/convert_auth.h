// JS <-> port conversions of sign-in values. Codes, verifiers and tokens are secrets: these only
// move them between the port and JS, never into an error message.
#pragma once

#include <napi.h>

#include "sdk/auth_api.h"

// { verifier, challenge } (the method is always S256; TypeScript adds it).
Napi::Object CodeVerifierToJs(Napi::Env env, const sdk::AuthorizationCodeVerifier& pair);
// { code, redirectUri } (the code is a secret).
Napi::Object AuthorizationToJs(Napi::Env env, const sdk::Authorization& authorization);
// { accessToken, refreshToken, tokenType (vendor value), expiresIn, scopes } (tokens are secrets).
Napi::Object TokenExchangeToJs(Napi::Env env, const sdk::TokenExchange& tokens);
// {id, name}: FetchCurrentUser's answer.
Napi::Object CurrentUserToJs(Napi::Env env, const sdk::CurrentUser& user);
