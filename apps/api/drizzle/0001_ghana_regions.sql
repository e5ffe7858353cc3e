-- Ghana's 16 administrative regions (SPEC: delivery regions for country GH).
INSERT INTO "delivery_regions" ("id", "country", "name", "capital") VALUES
  ('GH-AH', 'GH', 'Ashanti', 'Kumasi'),
  ('GH-BO', 'GH', 'Bono', 'Sunyani'),
  ('GH-BE', 'GH', 'Bono East', 'Techiman'),
  ('GH-AF', 'GH', 'Ahafo', 'Goaso'),
  ('GH-CP', 'GH', 'Central', 'Cape Coast'),
  ('GH-EP', 'GH', 'Eastern', 'Koforidua'),
  ('GH-AA', 'GH', 'Greater Accra', 'Accra'),
  ('GH-NP', 'GH', 'Northern', 'Tamale'),
  ('GH-NE', 'GH', 'North East', 'Nalerigu'),
  ('GH-SV', 'GH', 'Savannah', 'Damongo'),
  ('GH-UE', 'GH', 'Upper East', 'Bolgatanga'),
  ('GH-UW', 'GH', 'Upper West', 'Wa'),
  ('GH-TV', 'GH', 'Volta', 'Ho'),
  ('GH-OT', 'GH', 'Oti', 'Dambai'),
  ('GH-WP', 'GH', 'Western', 'Sekondi-Takoradi'),
  ('GH-WN', 'GH', 'Western North', 'Sefwi Wiawso')
ON CONFLICT ("id") DO NOTHING;
