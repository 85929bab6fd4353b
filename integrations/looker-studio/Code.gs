/**
 * Signalpost community connector for Looker Studio.
 *
 * One deployment per platform: set the script properties SIGNALPOST_URL (https://your-host),
 * CLIENT_ID, CLIENT_SECRET and PLATFORM (a Signalpost platform id such as google-ads). The server
 * also maps this script's id to the platform (oauth_clients.script_platforms), so the
 * authorization page knows which platform to connect.
 *
 * Requests sent (tests/integration/looker-studio.test.ts replays them):
 *   browser  GET  {SIGNALPOST_URL}/oauth2-authorize?client_id&redirect_uri&state&response_type=code
 *   server   POST {SIGNALPOST_URL}/oauth/token (authorization_code, then refresh_token)
 *   server   GET  {SIGNALPOST_URL}/addons/me                                (isAuthValid)
 *   server   GET  {SIGNALPOST_URL}/addons/looker-studio/config?platform=    (getConfig)
 *   server   GET  {SIGNALPOST_URL}/addons/looker-studio/schema?platform=&locale=&report=  (getSchema)
 *   server   GET  {SIGNALPOST_URL}/addons/query?platform=&metrics=&dimensions=&date=CUSTOM&...  (getData)
 *   server   POST {SIGNALPOST_URL}/oauth/revoke                             (resetAuth)
 */
var cc = DataStudioApp.createCommunityConnector();

function props_() {
  var p = PropertiesService.getScriptProperties();
  return {
    url: String(p.getProperty('SIGNALPOST_URL') || '').replace(/\/+$/, ''),
    clientId: p.getProperty('CLIENT_ID'),
    clientSecret: p.getProperty('CLIENT_SECRET'),
    platform: p.getProperty('PLATFORM'),
  };
}

// ---------- auth (OAuth2 against Signalpost's provider) ----------

function getOAuthService_() {
  var p = props_();
  return OAuth2.createService('signalpost')
    .setAuthorizationBaseUrl(p.url + '/oauth2-authorize/' + encodeURIComponent(p.platform))
    .setTokenUrl(p.url + '/oauth/token')
    .setClientId(p.clientId)
    .setClientSecret(p.clientSecret)
    .setPropertyStore(PropertiesService.getUserProperties())
    .setCallbackFunction('authCallback')
    .setCache(CacheService.getUserCache())
    .setLock(LockService.getUserLock());
}

function getAuthType() {
  return cc.newAuthTypeResponse().setAuthType(cc.AuthType.OAUTH2).build();
}

function get3PAuthorizationUrls() {
  return getOAuthService_().getAuthorizationUrl();
}

function authCallback(request) {
  var ok = getOAuthService_().handleCallback(request);
  return HtmlService.createHtmlOutput(ok ? 'Signalpost is connected. You can close this tab.' : 'Access was denied.');
}

function isAuthValid() {
  var service = getOAuthService_();
  if (!service.hasAccess()) return false;
  var res = fetch_('/addons/me', {});
  return res.getResponseCode() === 200;
}

function resetAuth() {
  var service = getOAuthService_();
  var token = service.getToken();
  var p = props_();
  if (token && token.refresh_token) {
    UrlFetchApp.fetch(p.url + '/oauth/revoke', {
      method: 'post',
      payload: { token: token.refresh_token, client_id: p.clientId, client_secret: p.clientSecret },
      muteHttpExceptions: true,
    });
  }
  service.reset();
}

function isAdminUser() {
  return false;
}

// ---------- HTTP ----------

function fetch_(path, query) {
  var p = props_();
  var qs = Object.keys(query)
    .filter(function (k) { return query[k] !== undefined && query[k] !== null && query[k] !== ''; })
    .map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(query[k]); })
    .join('&');
  return UrlFetchApp.fetch(p.url + path + (qs ? '?' + qs : ''), {
    headers: { Authorization: 'Bearer ' + getOAuthService_().getAccessToken() },
    muteHttpExceptions: true,
  });
}

function fetchJson_(path, query) {
  var res = fetch_(path, query);
  var body = {};
  try {
    body = JSON.parse(res.getContentText());
  } catch (e) {
    // Not JSON: the status below says what went wrong.
  }
  if (res.getResponseCode() !== 200) {
    var message = (body.error && body.error.message) || ('Signalpost answered ' + res.getResponseCode());
    cc.newUserError().setText(message).setDebugText(res.getContentText()).throwException();
  }
  return body;
}

// ---------- config ----------

function getConfig(request) {
  var p = props_();
  var config = cc.getConfig();
  var choices = fetchJson_('/addons/looker-studio/config', { platform: p.platform });
  config.newInfo().setId('intro').setText('Choose the ' + choices.platform.name + ' accounts of your Signalpost sources.');
  var accounts = config.newSelectMultiple().setId('accounts').setName('Accounts').setAllowOverride(true);
  choices.accounts.forEach(function (a) {
    accounts.addOption(config.newOptionBuilder().setLabel(a.name + ' (' + a.source + ')').setValue(a.authorization_id + ':' + a.id));
  });
  if (choices.reports.length) {
    var report = config.newSelectSingle().setId('report').setName('Report');
    choices.reports.forEach(function (r) {
      report.addOption(config.newOptionBuilder().setLabel(r.name).setValue(r.id));
    });
  }
  config.setDateRangeRequired(true);
  return config.build();
}

function accountsParam_(configParams) {
  var raw = String((configParams && configParams.accounts) || '');
  if (!raw) cc.newUserError().setText('You need to set at least one accounts.').throwException();
  // SelectMultiple joins the chosen values with commas; each value is "authorizationId:accountId".
  return JSON.stringify(raw.split(',').map(function (v) {
    var i = v.indexOf(':');
    return { id: v.slice(i + 1), authorization_id: Number(v.slice(0, i)) };
  }));
}

// ---------- schema ----------

function locale_() {
  return Session.getActiveUserLocale() || 'en';
}

function fetchSchema_(request) {
  var p = props_();
  var params = request.configParams || {};
  return fetchJson_('/addons/looker-studio/schema', { platform: p.platform, locale: locale_(), report: params.report }).schema;
}

function getSchema(request) {
  return { schema: fetchSchema_(request) };
}

// ---------- data ----------

function getData(request) {
  var p = props_();
  var params = request.configParams || {};
  var schema = fetchSchema_(request);
  var byName = {};
  schema.forEach(function (f) { byName[f.name] = f; });
  var requested = request.fields.map(function (f) { return byName[f.name]; }).filter(Boolean);
  var metrics = requested.filter(function (f) { return f.semantics.conceptType === 'METRIC' && !f.formula; }).map(function (f) { return f.name; });
  var dimensions = requested.filter(function (f) { return f.semantics.conceptType === 'DIMENSION' && !f.formula; }).map(function (f) { return f.name; });
  var body = fetchJson_('/addons/query', {
    platform: p.platform,
    metrics: metrics.join(','),
    dimensions: dimensions.join(','),
    date: 'CUSTOM',
    start_date: request.dateRange.startDate,
    end_date: request.dateRange.endDate,
    accounts: accountsParam_(params),
    options_report: params.report,
    format: 'json',
  });
  var rows = Array.isArray(body) ? body : body.data || body.rows || [];
  return {
    schema: requested,
    rows: rows.map(function (row) {
      return {
        values: requested.map(function (f) {
          var v = row[f.name];
          if (v === undefined || v === null) return f.dataType === 'NUMBER' ? null : '';
          if (f.semantics.semanticType === 'YEAR_MONTH_DAY') return String(v).replace(/-/g, '').slice(0, 8);
          return f.dataType === 'NUMBER' ? Number(v) : f.dataType === 'BOOLEAN' ? Boolean(v) : String(v);
        }),
      };
    }),
  };
}
