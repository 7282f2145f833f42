import json, sys
WIDTH = 120
def compact(v):
    if isinstance(v, dict):
        if not v: return '{}'
        return '{ ' + ', '.join(json.dumps(k, ensure_ascii=False) + ': ' + compact(x) for k, x in v.items()) + ' }'
    if isinstance(v, list):
        if not v: return '[]'
        return '[' + ', '.join(compact(x) for x in v) + ']'
    return json.dumps(v, ensure_ascii=False)
def fmt(v, indent=0, prefix_len=0):
    c = compact(v)
    if indent + prefix_len + len(c) <= WIDTH and '\n' not in c:
        # long strings stay on their line anyway
        if not isinstance(v, (dict, list)) or len(c) <= WIDTH: return c
    if isinstance(v, dict) and v:
        pad = '  ' * (indent + 1)
        items = []
        for k, x in v.items():
            key = json.dumps(k, ensure_ascii=False) + ': '
            items.append(pad + key + fmt(x, indent + 1, len(key)))
        return '{\n' + ',\n'.join(items) + '\n' + '  ' * indent + '}'
    if isinstance(v, list) and v:
        pad = '  ' * (indent + 1)
        return '[\n' + ',\n'.join(pad + fmt(x, indent + 1) for x in v) + '\n' + '  ' * indent + ']'
    return c
if __name__ == '__main__':
    for p in sys.argv[1:]:
        d = json.load(open(p))
        open(p, 'w').write(fmt(d) + '\n')
