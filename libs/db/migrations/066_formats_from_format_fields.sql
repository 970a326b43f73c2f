-- Issue 21, point 3 (the Format bug): the `formats` projection column (dc:format, apiso:Format,
-- the OGC API – Records `format` queryable and the search page's Format facet) held the
-- distribution format names AND the names of the distributions' online resources
-- ("RBI25K_SLEMAN", "Default Polygon (LegendURL)"). It now holds the format fields only, as
-- projectRecord() writes them since this change: the document's `formats`, blank values left
-- out, each value once, in document order.
UPDATE records r
   SET formats = f.formats
  FROM (
    SELECT id, ARRAY(
             SELECT e.v
               FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(doc->'formats') = 'array' THEN doc->'formats' ELSE '[]'::jsonb END)
                    WITH ORDINALITY AS e(v, i)
              WHERE btrim(e.v) <> ''
              GROUP BY e.v
              ORDER BY min(e.i)) AS formats
      FROM records
  ) f
 WHERE f.id = r.id AND r.formats IS DISTINCT FROM f.formats;
