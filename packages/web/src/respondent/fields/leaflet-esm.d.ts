/** Leaflet's ES module build (the package's `main` is UMD, which would need CommonJS interop in the form's chunks). */
declare module "leaflet/dist/leaflet-src.esm.js" {
  export * from "leaflet";
}
