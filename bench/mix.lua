-- wrk script for bench/ratios.sh's varied mix (issue 37): every connection
-- cycles through the request paths in $SUSI_MIX_PATHS (one per line, made by
-- bench/query-mix.py), each wrk thread starting at a different place.
local paths = {}
for line in io.lines(os.getenv("SUSI_MIX_PATHS")) do paths[#paths + 1] = line end
local threads = 0

function setup(thread)
    threads = threads + 1
    thread:set("start", threads * 7919)
end

local position = 0

function init(args)
    position = (tonumber(start) or 0) % #paths
end

function request()
    position = position % #paths + 1
    return wrk.format("GET", paths[position])
end
