/** @jsxRuntime automatic */
/**
 * The location field's map (leaflet with OpenStreetMap tiles), a lazy chunk loaded only when
 * a latlng field shows in a browser. A click moves the marker and sets both inputs. If the
 * first tile fails (offline, a blocked host) it calls `onFail` and the inputs stay alone.
 */
import { useEffect, useRef } from "react";
import * as L from "leaflet/dist/leaflet-src.esm.js";
import type { CircleMarker, LeafletMouseEvent, Map as LeafletMap } from "leaflet";
import "leaflet/dist/leaflet.css";

const TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export default function LatLngMap(props: { point: [string, string]; onPick: (lat: string, lng: string) => void; onFail: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<{ map: LeafletMap; marker: CircleMarker } | null>(null);
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: [20, 0], zoom: 1, attributionControl: true });
    let loaded = false;
    const tiles = L.tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION });
    tiles.on("tileload", () => { loaded = true; });
    tiles.on("tileerror", () => { if (!loaded) handlers.current.onFail(); });
    tiles.addTo(m);
    const marker = L.circleMarker([0, 0], { radius: 8, opacity: 0, fillOpacity: 0 }).addTo(m);
    m.on("click", (e: LeafletMouseEvent) => {
      const { lat, lng } = e.latlng.wrap();
      handlers.current.onPick(lat.toFixed(6), lng.toFixed(6));
    });
    map.current = { map: m, marker };
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  const [lat, lng] = props.point;
  useEffect(() => {
    const at = map.current;
    const a = Number(lat);
    const b = Number(lng);
    if (!at || lat === "" || lng === "" || !(Math.abs(a) <= 90 && Math.abs(b) <= 180)) return;
    at.marker.setLatLng([a, b]).setStyle({ opacity: 1, fillOpacity: 0.6 });
    if (!at.map.getBounds().contains([a, b])) at.map.setView([a, b], Math.max(at.map.getZoom(), 8));
  }, [lat, lng]);

  return <div ref={box} data-testid="latlng-map" aria-hidden="true" className="h-64 w-full overflow-hidden rounded-xl border border-line" />;
}
