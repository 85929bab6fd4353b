// GET /.well-known/oauth-protected-resource/mcp: RFC 9728 metadata of the MCP endpoint at the
// path-aware address /mcp's 401 points to; the same document as at the root (decision 0910).
export { loader } from "./[.well-known].oauth-protected-resource";
