// Spec 3 §2.1: /buy/google-data-studio shows the same purchase screen.
export { loader, action, meta, ErrorBoundary } from "./_app.buy";
export { default } from "./_app.buy";
