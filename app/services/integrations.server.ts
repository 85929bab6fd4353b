// The routes' door to lib/env's serverIntegration: a .server module, so the environment schema
// (and the node: modules it imports) never reaches the browser bundle.
export { serverIntegration, type ServerIntegration } from "../../lib/env.js";
