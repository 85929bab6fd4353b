// bottleneck/light.js is the same class as the package's typed default export.
declare module "bottleneck/light.js" {
  import Bottleneck from "bottleneck";
  export default Bottleneck;
}
