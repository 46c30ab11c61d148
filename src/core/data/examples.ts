/** Example inputs of the three data tools (spec part 1, section 2). */

export const FORMATTER_EXAMPLES = {
  basic: { label: 'Basic Object', text: '{"name":"John Doe","age":30,"email":"john@example.com","active":true}' },
  array: {
    label: 'Array Example',
    text: '[{"id":1,"name":"Apple","price":1.25},{"id":2,"name":"Banana","price":0.5},{"id":3,"name":"Cherry","price":3.75}]',
  },
  nested: {
    label: 'Nested Object',
    text: '{"user":{"id":12345678901234567890,"profile":{"name":"Jane Smith","address":{"city":"Berlin","zip":"10115"}},"roles":["admin","editor"]},"settings":{"theme":"dark","notifications":{"email":true,"sms":false}}}',
  },
} as const;
export type FormatterExample = keyof typeof FORMATTER_EXAMPLES;

/** JSON and YAML converter examples, each in both formats (loaded in the current direction). */
export const JSON_YAML_EXAMPLES = {
  basic: {
    label: 'Basic Object',
    json: '{\n  "name": "John Doe",\n  "age": 30,\n  "email": "john@example.com",\n  "active": true\n}',
    yaml: 'name: John Doe\nage: 30\nemail: john@example.com\nactive: true\n',
  },
  nested: {
    label: 'Nested Structure',
    json: '{\n  "server": {\n    "host": "localhost",\n    "port": 8080,\n    "tls": {\n      "enabled": true,\n      "cert": "/etc/ssl/cert.pem"\n    }\n  },\n  "database": {\n    "name": "app",\n    "pool": {\n      "min": 2,\n      "max": 10\n    }\n  }\n}',
    yaml: 'defaults: &defaults\n  host: localhost\n  timeout: 30\nserver:\n  <<: *defaults\n  port: 8080\n  tls:\n    enabled: true\n    cert: /etc/ssl/cert.pem\ndatabase:\n  <<: *defaults\n  name: app\n  pool:\n    min: 2\n    max: 10\n',
  },
  array: {
    label: 'Array Example',
    json: '{\n  "fruits": ["apple", "banana", "cherry"],\n  "users": [\n    { "id": 1, "name": "Alice" },\n    { "id": 2, "name": "Bob" }\n  ]\n}',
    yaml: 'fruits:\n  - apple\n  - banana\n  - cherry\nusers:\n  - id: 1\n    name: Alice\n  - id: 2\n    name: Bob\n',
  },
} as const;
export type JsonYamlExample = keyof typeof JSON_YAML_EXAMPLES;

export const CSV_EXAMPLES = {
  basic: 'name,age,city\nJohn Doe,30,New York\nJane Smith,25,London\nBob Johnson,35,Paris',
  quotes:
    'name,description,price\n"Widget, Large","A ""premium"" widget",19.99\n"Gadget","Multi-line\ndescription",5\nPlain,No quotes needed,1.5',
  numbers:
    'product,price,quantity,in_stock,discount\nLaptop,999.99,5,true,null\nMouse,19.5,150,false,0.1\nCable,4,0,true,',
  empty: 'name,email,phone\nAlice,alice@example.com,\nBob,,555-0100\n\n,carol@example.com,555-0199',
  special: 'city,greeting,symbol\nZürich,Grüezi 👋,€\nTōkyō,こんにちは,¥\n"Paris; France","Bonjour ""mon ami""",€',
} as const;
export type CsvExample = keyof typeof CSV_EXAMPLES;

export const JSON_CSV_EXAMPLES = {
  basic:
    '[\n  { "name": "John Doe", "age": 30, "city": "New York" },\n  { "name": "Jane Smith", "age": 25, "city": "London" }\n]',
  nested:
    '[\n  { "id": 1, "user": { "name": "Alice", "tags": ["admin", "dev"] } },\n  { "id": 2, "user": { "name": "Bob", "tags": [] } }\n]',
  array:
    '[\n  { "order": 1001, "items": ["pen", "paper"], "total": 12.5 },\n  { "order": 1002, "items": ["ink"], "total": 3 }\n]',
  mixed:
    '[\n  { "name": "Laptop", "price": 999.99, "in_stock": true, "discount": null },\n  { "name": "Mouse", "price": 19.5, "in_stock": false, "discount": 0.1 }\n]',
  complex:
    '[\n  { "name": "Widget, Large", "description": "A \\"premium\\" widget", "notes": "line 1\\nline 2" },\n  { "name": "Gadget|Pro", "description": "semi;colon", "notes": "tab\\there" }\n]',
} as const;
export type JsonCsvExample = keyof typeof JSON_CSV_EXAMPLES;

/** Quick example buttons of the CSV page and the loader each uses in either direction. */
export const CSV_QUICK_EXAMPLES = [
  { label: 'Basic Data', csv: 'basic', json: 'basic' },
  { label: 'With Quotes', csv: 'quotes', json: 'complex' },
  { label: 'Numbers & Booleans', csv: 'numbers', json: 'mixed' },
] as const satisfies readonly { label: string; csv: CsvExample; json: JsonCsvExample }[];
